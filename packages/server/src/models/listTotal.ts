/** Totals of the list pages (issue 18: a list's count is its most expensive query). */
/**
 * The number of matches over all pages: counted only when the page is full (or an empty page past
 * the first), since a page that ends before `top` already says how many there are.
 */
export async function listTotal(
  rowsOnPage: number,
  skip: number,
  top: number,
  countAll: () => Promise<{ n: number }[]>,
): Promise<number> {
  if (rowsOnPage < top && (rowsOnPage > 0 || skip === 0)) return skip + rowsOnPage;
  const [row] = await countAll();
  return Number(row?.n ?? 0);
}
