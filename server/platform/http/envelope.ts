/** Every answer is `{ code, message, data }`; business outcomes travel with HTTP 200. */
export const Code = {
  ok: 200,
  okNotice: 211,
  badInput: 400,
  notLoggedIn: 203,
  sessionInvalid: 204,
  revoked: 205,
  balanceLow: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  internal: 500,
  /** The database cannot be reached for now (also the HTTP status): try again shortly. */
  unavailable: 503,
} as const;

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = '成功'): Envelope<T> {
  return { code: Code.ok, message, data };
}

/** A refusal or failure the client is meant to see; thrown anywhere, turned into an envelope once. */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const fail = {
  badInput: (message: string, errors?: Record<string, string>) => new AppError(Code.badInput, message, errors ? { errors } : null),
  forbidden: (message = '没有权限执行此操作') => new AppError(Code.forbidden, message),
  notFound: (message = '记录不存在') => new AppError(Code.notFound, message),
  conflict: (message: string) => new AppError(Code.conflict, message),
  balanceLow: (message = '余额不足') => new AppError(Code.balanceLow, message),
  tooMany: (message = '请求过于频繁，请稍后再试') => new AppError(Code.tooMany, message),
};
