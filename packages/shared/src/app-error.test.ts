import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';

describe('AppError', () => {
  it('maps each kind to its status code', () => {
    expect(new AppError('invalid', 'x').statusCode).toBe(400);
    expect(new AppError('notFound', 'x').statusCode).toBe(404);
    expect(new AppError('tooMany', 'x').statusCode).toBe(429);
  });

  it('is recognised with instanceof across two copies of the module, as in the storefront bundle', async () => {
    // A query string makes the module loader evaluate the file a second time: a second class.
    const secondCopy = './app-error.ts?second-copy';
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof import('./app-error.ts');
    expect(copy.AppError).not.toBe(AppError);
    const thrown = new copy.AppError('conflict', 'Taken', { email: 'Taken' });
    expect(thrown instanceof AppError).toBe(true);
    expect(new AppError('forbidden', 'No') instanceof copy.AppError).toBe(true);
  });

  it('is not claimed by other errors or by look-alikes', () => {
    expect(new Error('x') instanceof AppError).toBe(false);
    const lookAlike = Object.assign(new Error('x'), { kind: 'invalid', statusCode: 400 });
    expect(lookAlike instanceof AppError).toBe(false);
    expect({ kind: 'invalid' } instanceof AppError).toBe(false);
  });
});
