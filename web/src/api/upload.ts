import { ApiError, csrfHeaders } from './client.js';
import type { AgentLogIngestion } from './types.js';

/** Where an upload stands: sending the body (with the bytes sent), then the server reading it. */
export type UploadProgress = { phase: 'sending'; sent: number; total: number } | { phase: 'ingesting' };

/** The API's refusal as an ApiError with its own message, whatever the body holds. */
function errorOf(request: XMLHttpRequest): ApiError {
  let message = `The server answered ${request.status}`;
  try {
    message = (JSON.parse(request.responseText) as { message?: string }).message ?? message;
  } catch {
    // a body that is not JSON keeps the status as the message
  }
  return new ApiError(request.status, message);
}

/**
 * Sends a log file as the body of the REST upload, through XMLHttpRequest for its upload
 * progress events: `onProgress` hears the bytes sent, then that the server is ingesting, until the answer.
 */
export function uploadLog(path: string, file: Blob, contentType: string, onProgress: (progress: UploadProgress) => void): Promise<AgentLogIngestion> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('content-type', contentType);
    request.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaders())) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => onProgress({ phase: 'sending', sent: event.loaded, total: event.lengthComputable ? event.total : file.size }));
    request.upload.addEventListener('load', () => onProgress({ phase: 'ingesting' }));
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as AgentLogIngestion);
      else reject(errorOf(request));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'The upload was cut off before the server answered')));
    request.send(file);
  });
}
