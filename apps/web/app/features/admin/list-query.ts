// A back-office list's query string, read with the list's schema: blank fields are dropped, and a
// query the page cannot use is said so (`problem`) while the list shows its defaults instead.
import type * as z from '@spice/shared/contracts/zod';

export function readListQuery<S extends z.ZodType>(
  schema: S,
  request: Request,
  invalid: string,
): { query: z.output<S>; problem: string | null } {
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams].filter(([, value]) => value.trim() !== ''),
  );
  const parsed = schema.safeParse(params);
  if (parsed.success) return { query: parsed.data, problem: null };
  return { query: schema.parse({}), problem: parsed.error.issues[0]?.message ?? invalid };
}
