/** A toast is { title, message? }: the spec's "title - text". */
export interface ToastText {
  title: string;
  message?: string;
}
