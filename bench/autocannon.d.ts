// autocannon ships no types; load.ts describes the part of its result it reads.
declare module 'autocannon' {
  const autocannon: (options: Record<string, unknown>) => PromiseLike<unknown>;
  export default autocannon;
}
