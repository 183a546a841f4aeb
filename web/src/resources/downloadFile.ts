// Saving a file the server sends (export, import template, failed rows): fetched through the request layer with the
// token, then handed to the browser as a download under the server's file name.
import { type RequestConfig, requestFile } from '../api/request.ts';

/** Offers a blob to the browser as a download named `fileName`. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // let the browser start reading the blob before it is released
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** Downloads a file; the request layer shows the failure message (export failed…) and this rethrows it. */
export const downloadFile = async (config: RequestConfig, fallbackName: string, failureKey?: string) => {
  const { blob, fileName } = await requestFile(config, failureKey);
  saveBlob(blob, fileName ?? fallbackName);
};
