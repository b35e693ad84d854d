import type { FastifyBaseLogger } from 'fastify';

/**
 * True when the partner's health address answers 2xx within the timeout; a refusal, an error answer
 * or silence counts as down, and is logged (spec 1 §8: the user sees the maintenance message only).
 */
export async function isHealthUrlUp(
  url: string,
  timeoutMs: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    await response.body?.cancel();
    if (response.ok) return true;
    log.warn({ url, status: response.status }, 'ouilink: partner health check answered not OK');
  } catch (err) {
    log.warn({ url, err }, 'ouilink: partner health check failed or timed out');
  }
  return false;
}
