/**
 * File uploads with progress (spec 1 §2 loading overlay: 'Uploading file', a percent bar and a
 * Cancel Upload button). `startUpload()` posts a FormData with XMLHttpRequest, reports progress to
 * the overlay and can be cancelled; a 401 refreshes the session once and retries.
 */
import { createStore } from '../lib/store.ts';
import { ApiError, UI_HEADER, buildUrl, getAccessToken, refreshSession } from './client.ts';

export interface UploadState {
  active: boolean;
  /** 0 … 100 */
  percent: number;
  cancel: (() => void) | null;
}

export const uploadState = createStore<UploadState>({ active: false, percent: 0, cancel: null });

export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
  }
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Show the overlay (default true). */
  overlay?: boolean;
  onProgress?(percent: number): void;
}

export interface Upload<T> {
  promise: Promise<T>;
  cancel(): void;
}

function parse(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return null;
  try {
    return (xhr.getResponseHeader('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  } catch {
    return text;
  }
}

export function startUpload<T = unknown>(
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Upload<T> {
  const overlay = options.overlay ?? true;
  let current: XMLHttpRequest | null = null;
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
    current?.abort();
  };
  const report = (percent: number) => {
    options.onProgress?.(percent);
    if (overlay) uploadState.set({ active: true, percent, cancel });
  };

  const attempt = (retried: boolean): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.open(options.method ?? 'POST', buildUrl(path));
      xhr.setRequestHeader(UI_HEADER, 'true');
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getAccessToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) report(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
      xhr.onabort = () => reject(new UploadCancelledError());
      xhr.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
      xhr.onload = () => {
        if (xhr.status === 401 && !retried && !cancelled) {
          void refreshSession().then((ok) =>
            ok ? attempt(true).then(resolve, reject) : reject(new ApiError(401, parse(xhr))),
          );
          return;
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(parse(xhr) as T);
        else reject(new ApiError(xhr.status, parse(xhr)));
      };
      if (cancelled) return reject(new UploadCancelledError());
      xhr.send(body);
    });

  report(0);
  const promise = attempt(false).finally(() => {
    if (overlay) uploadState.set({ active: false, percent: 0, cancel: null });
  });
  return { promise, cancel };
}
