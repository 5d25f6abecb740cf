// Waiting for what happens after an answer (a server provisioned after the commit, an event sent later):
// polled with a deadline, never slept for a fixed time.

/** Polls until `check` passes (assertions inside may throw), or fails with its last error. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
