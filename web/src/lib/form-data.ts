/** A text input's value from submitted form data; '' when absent or (for file inputs) not text. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
