// The spec's user-facing texts in one place (spec sections 2 and 8). Used verbatim.

export const MESSAGES = {
  loadingProduct: 'Loading product...',
  noReviews: 'No reviews yet. Be the first to write one!',
  noSearchMatchesDropdown: 'No matching products found',
  noSearchMatchesPage: 'No matching products found.',
  outOfStock: 'Out of Stock',
  featuredProducts: 'Featured Products',
  policyEmpty: 'Content not available.',
  policyFailed: 'Failed to load content.',
  cartTitle: 'Shopping Cart',
  cartEmpty: 'Your cart is empty',
  addedToCart: 'Added to cart',
  invalidMobile: 'Enter valid 10-digit mobile.',
  invalidOtp: 'Enter valid 6-digit OTP.',
  notFound: 'Not found',
} as const;

export const searchResultsTitle = (q: string) => `Search Results for: "${q}"`;
export const percentOffLabel = (n: number) => `${n}% off`;
