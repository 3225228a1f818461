// Multipart uploads with progress: the one place the browser talks to the server without tRPC (XHR reports upload
// progress, fetch does not). Same origin, so the session cookie goes along.

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface UploadOptions {
  url: string;
  fileField: string;
  file: File;
  fields?: Record<string, string>;
  /** 0..100 while the bytes go up. */
  onProgress?: (percent: number) => void;
}

/** Sends one file; resolves with the JSON response, rejects with an UploadError carrying the server's message. */
export function uploadFile<T>({ url, fileField, file, fields = {}, onProgress }: UploadOptions): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(fileField, file);

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON (a proxy's error page): use the generic message below
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body as T);
        return;
      }
      const message =
        body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
          ? body.message
          : `Upload failed (${xhr.status})`;
      reject(new UploadError(message, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('Network error during upload', 0));
    xhr.onabort = () => reject(new UploadError('Upload cancelled', 0));
    xhr.send(form);
  });
}
