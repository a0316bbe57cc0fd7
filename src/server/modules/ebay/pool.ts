/** Runs `fn` over `items` with at most `limit` at once. */
export async function pool<T>(items: T[], limit: number, fn: (x: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i] as T);
    }
  });
  await Promise.all(workers);
}
