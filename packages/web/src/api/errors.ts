/**
 * The error notification builder (spec 2 §8.2): a list of errors gives the first message of each;
 * otherwise a modelState map is flattened; otherwise the message text or the error itself.
 */
export const DEFAULT_ERROR_HEADING = 'Your configuration is invalid. Please correct the following errors:';

export interface ErrorLike {
  errors?: { message?: string; messages?: string[] }[] | null;
  modelState?: Record<string, string[] | string> | null;
  message?: string | null;
}

export function buildErrorMessages(error: unknown): string[] {
  if (error == null) return [];
  if (typeof error === 'string') return [error];
  const e = error as ErrorLike;
  if (Array.isArray(e.errors) && e.errors.length) {
    return e.errors
      .map((item) => item.messages?.[0] ?? item.message ?? '')
      .filter((message): message is string => message.length > 0);
  }
  if (e.modelState && typeof e.modelState === 'object' && Object.keys(e.modelState).length) {
    return Object.values(e.modelState).flatMap((messages) =>
      Array.isArray(messages) ? messages : [messages],
    );
  }
  if (typeof e.message === 'string' && e.message) return [e.message];
  return [String(error)];
}

/** Parses the x-message header: a JSON list of {Type, Message} (or a plain text message). */
export function parseXMessage(header: string | null): { type: string; message: string }[] {
  if (!header) return [];
  try {
    const parsed: unknown = JSON.parse(header);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list
      .map((item) => {
        const record = item as Record<string, unknown>;
        return {
          type: String(record.Type ?? record.type ?? 'warning').toLowerCase(),
          message: String(record.Message ?? record.message ?? ''),
        };
      })
      .filter((item) => item.message);
  } catch {
    return [{ type: 'warning', message: header }];
  }
}
