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
  wrongOtp: 'Invalid OTP. Please try again.',
  resendFailed: 'Unable to resend OTP. Try again.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  tooManyLogins: 'Too many login attempts. Please try again after 30 minutes or use a different number.',
  otpSendFailed: 'Failed to send OTP. Please try again.',
  networkError: 'Network error. Please check your internet connection.',
  invalidEmail: 'Enter a valid email.',
  emailTaken: 'This email is already registered with another account. Please use a different email or login.',
  emailCheckFailed: 'Something went wrong while checking email.',
  emailOtpFailed: 'Failed to send OTP. Try again.',
  emailOtpWrong: 'Invalid email OTP.',
  emailOtpSent: 'OTP sent to your email.',
  emailValidated: 'Email validated successfully.',
  signupRequired: 'Please fill all required fields.',
  signupValidateEmail: 'Please validate your email.',
  signupFailed: 'Signup failed. Try again.',
  signupSuccess: 'Signup successful!',
  addressRequired: 'Please fill all mandatory fields.',
  addressPhone: 'Please enter the valid phone number.',
  addressPincode: 'Please enter the valid pincode.',
  addressLinked: 'This address is linked to past orders and cannot be deleted.',
  addressDeleteFailed: 'Failed to delete address. Please try again later.',
  noAddresses: 'No addresses saved.',
  loginRequired: 'Please log in to continue.',
  reviewRating: 'Please select a rating.',
  reviewDescription: 'Description is required.',
  contactRequired: 'Please fill in all mandatory fields.',
  contactSent: 'Your message has been sent successfully.',
  contactFailed: 'Failed to send. Please try again.',
  notFound: 'Not found',
  unsupportedCharacters: 'Please remove the unsupported characters from this field.',
  numberOutOfRange: 'That number is out of range.',
} as const;

/** /search with an empty query: a prompt to search, above the bestsellers. */
export const SEARCH_PROMPT = {
  title: 'Search our spices',
  text: 'Type a spice or a blend in the search box above, like garam masala or haldi, and press Enter.',
  bestsellers: 'Bestsellers',
  /** Under 'No matching products found': what to look at instead. */
  tryBestsellers: 'Our bestsellers instead:',
} as const;

// The spec's text functions live beside these texts in their own module, so a page that needs only
// a function (a price's '% off') does not load every text with it.
export {
  couponWaitMessage,
  percentOffLabel,
  refundNotice,
  searchResultsTitle,
  tooManyRequestsMessage,
} from './message-functions.ts';
