// The realtime connection's socket id. The Echo helper sets it once connected; the API client sends it as
// X-Socket-ID so the server can leave this tab out of broadcasts caused by its own requests.
let socketId: string | null = null;

/** The current realtime socket id, or null while not connected. */
export function getSocketId(): string | null {
  return socketId;
}

/** Records the realtime socket id; pass null when the connection drops. */
export function setSocketId(id: string | null): void {
  socketId = id;
}
