// Search engines and link previews: they must not index an error page as content (docs/product.md "Error page").
const crawlerPattern =
  /bot\b|crawler|spider|crawling|slurp|facebookexternalhit|embedly|pinterest|vkshare|w3c_validator/i;

export function isCrawler(userAgent: string = navigator.userAgent): boolean {
  return crawlerPattern.test(userAgent);
}
