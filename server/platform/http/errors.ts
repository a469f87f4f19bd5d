import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Code } from './envelope.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DISK_FULL, isDiskFull } from '../db/disk-full.js';

/**
 * Turns every thrown thing into the envelope. Client mistakes that Fastify itself catches (bad JSON,
 * wrong content type, oversized body) become 400/413 with a Chinese message; a database out of reach
 * is a 503, and so is a write refused for want of disk space (saying so); anything unexpected becomes
 * a generic 500 with the request id, its details only in the log.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(200).send({ code: error.code, message: error.message, data: error.data });
    }
    const known = clientError(error as FastifyError);
    if (known) {
      return reply.status(200).send({ code: known.code, message: known.message, data: null });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: (error as { code?: unknown }).code, reason: error.message }, 'database unavailable');
      return sendUnavailable(reply);
    }
    if (isDiskFull(error)) return sendDiskFull(request, reply, error);
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: Code.internal,
      message: `服务器内部错误，请稍后再试（请求编号 ${request.id}）`,
      data: { requestId: request.id },
    });
  });
}

export const DATABASE_UNAVAILABLE = '数据库暂时不可用，请稍后再试';

/**
 * While the database is away (stopped, restarting, unreachable): HTTP 503, which proxies and
 * scripts understand as "try again", and the reason in Chinese; never a stack or a hang.
 */
/** A write refused for want of disk space: logged once as such (no stack), a 503 that says so. */
export function sendDiskFull(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  logDiskFull(request, error);
  return reply.status(503).header('Retry-After', '60').send({ code: Code.unavailable, message: DISK_FULL, data: null });
}

export function logDiskFull(request: FastifyRequest, error: unknown): void {
  request.log.error({ code: (error as { code?: unknown }).code, reason: (error as Error).message }, 'disk full: write refused');
}

export function sendUnavailable(reply: FastifyReply) {
  return reply.status(503).header('Retry-After', '5').send({ code: Code.unavailable, message: DATABASE_UNAVAILABLE, data: null });
}

/** The answer to a path no route serves. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ code: Code.notFound, message: `接口不存在: ${request.method} ${request.url.split('?')[0]}`, data: null });
}

function clientError(error: FastifyError): { code: number; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: Code.tooLarge, message: '请求内容过大' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: Code.badInput, message: '不支持的内容类型，请使用 application/json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: Code.badInput, message: '请求体不能为空' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: Code.badInput, message: '请求体不是有效的 JSON' };
  }
  if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
    if (error.statusCode === 413) return { code: Code.tooLarge, message: '请求内容过大' };
    return { code: Code.badInput, message: '请求格式不正确' };
  }
  return null;
}
