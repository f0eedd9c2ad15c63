// Every user-facing text of the spec, keyed by code. `{product}` and other {placeholders} are filled by `message()`.
import { config, locale } from '../config/config';

/**
 * The English texts, in the order of every language file.
 * @public tools/build/locale-files.mjs reads it by bundling this file, which knip cannot follow.
 */
export const messages = {
  // Screens and states (SPEC 2)
  loading: 'Loading...',
  // Shown under "Loading..." when the identity service has not answered for 10 s (e.g. a browser's stuck storage).
  loadingSlow: 'This is taking longer than it should. Reloading the page usually helps.',
  loadingSlowReload: 'Reload',
  validatingSession: 'Validating session...',
  redirecting: 'Setting up your account and redirecting...',
  authOverlay: 'Setting up your account and preparing for redirect. This may take a moment...',
  welcomeHeading: 'Welcome to {product}',
  welcomeSubtitle: 'Sign in to your {product} account',
  createHeading: 'Create your {product} account',
  resetHeading: 'Reset your password',
  checkEmailHeading: 'Check your email',
  continueWithGoogle: 'Continue with Google',
  continueWithApple: 'Continue with Apple',
  continueWithEmail: 'Continue with Email',
  forgotPassword: 'Forgot password?',
  backToOptions: 'Back to Sign-In Options',
  loggedOut: 'You have been successfully logged out.',
  returnHeading: 'Return to {product}',
  returnText:
    'Please return to your {product} desktop application to continue. The app should automatically sign you in.',
  desktopNotListeningHeading: 'Open {product} on this computer',
  desktopNotListeningText:
    'We could not reach the {product} app on this computer, so it could not sign you in. Open {product}, then select Try again. You are still signed in here.',
  desktopTryAgain: 'Try again',
  desktopSkip: 'Continue to my account',
  // A launch with ?link= (docs/security.md "Security"): the desktop guest's progress joins this account only when the
  // user says so.
  appLinkQuestion: 'Link the progress of the {product} app on this device to this account?',
  appLinkQuestionText: 'Only link if you opened this page from the {product} app yourself.',
  appLinkConfirm: 'Link',
  appLinkDecline: 'Not now',
  appLinkFailed: 'The progress of the {product} app could not be linked to this account. You are still signed in.',
  // The router's error screen: a webview has no address bar, so the way out is on the page.
  errorScreenHeading: 'Something went wrong',
  errorScreenText: 'This page stopped working because of an unexpected error. Nothing was changed by it.',
  errorScreenHint: 'Try again to load the page once more, reload the whole portal, or go back to My Account.',
  errorScreenTryAgain: 'Try again',
  errorScreenReload: 'Reload',
  errorScreenMyAccount: 'Go to My Account',

  // Validation (SPEC 5)
  emailRequired: 'Please enter your email address',
  // The subscription page's processing overlay (SPEC 5).
  activatingSubscription: 'Activating your subscription...',
  cancellingSubscription: 'Cancelling your subscription...',
  pausingSubscription: 'Pausing your subscription...',
  resumingSubscription: 'Resuming your subscription...',
  cancelReasonRequired: 'Please select a reason for cancelling your subscription.',
  pauseReasonRequired: 'Please select a reason for pausing your subscription.',
  affiliateOptionRequired: 'Please select an option',
  alreadyActive: 'You already have an active subscription. Please cancel it before starting a new subscription.',
  alreadyPaused: 'You have a paused subscription. Please resume or cancel it before starting a new subscription.',
  deletionNoPlayer: 'Authentication data is missing. Please try logging in again.',
  deletionNoToken: 'Firebase authentication is required. Please log in again.',
  purchaseNeedsLogin: 'Please log in to purchase credits.',
  paypalUnavailable: 'PayPal is not available. Please refresh the page and try again.',
  paypalConfigMissing: 'PayPal configuration is missing. Please contact support.',

  // Popup sign-in (SPEC 8)
  popupClosed: 'Sign-in cancelled. Please try again',
  popupBlocked: 'Pop-up blocked by browser. Please allow pop-ups for this site',
  networkError: 'Network error. Please check your connection and try again',
  popupTooManyRequests: 'Too many requests. Please try again later',
  googleFailed: 'Failed to sign in with Google. Please try again',
  appleFailed: 'Failed to sign in with Apple. Please try again',

  // E-mail sign-in and account creation
  invalidEmail: 'Invalid email address format',
  wrongCredentials: 'Incorrect email or password',
  weakPassword: 'Password should be at least 6 characters',
  emailInUse: 'An account with this email already exists',
  emailTooManyRequests: 'Too many unsuccessful login attempts. Please try again later',
  createFailed: 'Failed to create account. Please try again',
  signInFailed: 'Failed to sign in. Please check your credentials',

  // Password reset
  resetUnknownUser: 'If an account exists with this email, a password reset link will be sent',
  resetFailed: 'Unable to send password reset email. Please try again later',
  resetSent: 'Password reset email sent! Check your inbox for instructions.',

  logoutFailed: 'Failed to sign out. Please try again.',

  // Subscription and designs
  subscriptionFetchFailed: 'Failed to fetch subscription data: {status}',
  subscriptionActivatedBanner: 'Your subscription has been activated successfully!',
  subscriptionCancelledBanner: 'Subscription process was cancelled.',
  cancelFailed: 'Failed to cancel subscription: {message}',
  setupSubscriptionError: 'An error occurred while setting up your subscription. Please try again.',
  activateChargedError: 'Failed to activate your subscription. If you were charged, please contact support.',
  paymentProcessError: 'An error occurred with the payment process. Please try again later.',
  paymentProviderLoadFailed: 'Failed to load payment provider. Please try again later.',
  paymentProcessorIssues: "We're experiencing issues with our payment processor...",
  useFallbackPayment: 'Use Fallback Payment Method',
  authenticationFailed: 'Authentication failed. Please try again later.',
  activateFailed: 'Failed to activate your subscription. Please try again later.',
  genericError: 'An error occurred. Please try again later.',
  pauseFailed: 'Failed to pause subscription. Please try again later.',
  resumeFailed: 'Failed to resume subscription. Please try again later.',
  designsFetchFailed: 'Failed to fetch designs',
  cancelSucceeded:
    'Your subscription has been cancelled successfully. You can still use premium features until the end of your billing period.',
  pauseSucceeded: 'Your subscription has been paused successfully.',
  resumeSucceeded: 'Your subscription has been resumed successfully.',
  designsEmpty: 'No designs found. Your designs will appear here after you create and save them in the {product} app.',

  // Cloud save and credits
  cloudSaveFetchFailed: 'Failed to fetch cloud save data: {text}',
  cloudSaveUnreadable: 'the answer could not be read',
  cloudSaveNoData: 'no data',
  unityAuthFailed: 'Unity authentication failed',
  unityResponseMissing: 'Missing player ID or access token from Unity response',
  initialDataFailed: 'Failed to set initial user data',
  noAuthenticatedUser: 'No authenticated user available for request.',
  purchaseFailed: 'Failed to complete purchase. Please contact support.',
  purchaseError: 'Error: {message}',
  paymentFailed: 'Payment failed: {message}',
  // PayPal's onError said nothing readable: the {message} of paymentFailed.
  unknownError: 'Unknown error',
  paypalPaymentFailed: 'PayPal payment failed. Please try again later.',
  paypalLoadFailed: 'Failed to load PayPal. Please refresh the page.',
  paypalButtonsFailed: 'Failed to load PayPal buttons. Please try again.',
  purchaseSucceeded: { one: 'Successfully purchased {n} credit!', other: 'Successfully purchased {n} credits!' },
  paymentCancelled: 'Payment cancelled',

  // Payments PayPal took that the backend has not recorded yet (docs/reliability.md "Reliability"): kept, recorded again
  finishingPurchase: 'Finishing your purchase…',
  finishingSubscription: 'Activating your subscription…',
  paymentKept:
    'Your PayPal payment went through, but we could not record it yet. It is saved in this browser and we will try again by ourselves.',
  paymentKeptTryAgain: 'Try Again',
  // Follows the SPEC 8 text of a final refusal, so support can find the payment.
  paypalOrderReference: '{text} PayPal order: {id}',
  paypalSubscriptionReference: '{text} PayPal subscription: {id}',
  // The backend refused a kept payment because another account paid it (PayPal's custom_id): kept for that account.
  paymentOfAnotherAccount:
    'This PayPal payment was made by another account, so it was not added to yours. It stays saved in this browser and will be recorded when that account signs in.',
  // The backend would not credit a captured order (no pack's price, or it paid another merchant) and refunded it at
  // PayPal before it answered (code PAYMENT_REFUNDED).
  paymentRefunded: 'This payment could not be added to your account, so PayPal has refunded it in full.',
  // The backend would not grant an approved subscription and cancelled it at PayPal before it answered (code
  // SUBSCRIPTION_UNDONE): it bills no more. One text per `reason` (src/domain/payment-refusals.ts undoneWords), this one
  // for any other; then one of the undone* texts says what became of the money (`refund`).
  subscriptionUndone:
    'This PayPal subscription could not be added to your account, so it was cancelled and will not bill you again.',
  subscriptionUndoneActivePlan:
    'Your account already has an active plan, so this PayPal subscription was cancelled and will not bill you again.',
  subscriptionUndonePausedPlan:
    'Your account has a paused plan, so this PayPal subscription was cancelled and will not bill you again. Resume or cancel that plan before you start a new one.',
  subscriptionUndoneEnded:
    'This PayPal subscription had already ended at PayPal before it could be added to your account, so it was not added.',
  subscriptionUndoneUsedBefore:
    'This PayPal subscription was used for a plan before, so it was not added again and will not bill you again.',
  subscriptionUndonePrice:
    "This PayPal subscription was not set up at our plan's price, so it was cancelled and not added to your account.",
  subscriptionUndoneUnpaid:
    'PayPal took no payment for this subscription, so it was cancelled and not added to your account.',
  undoneRefunded: 'Your payment was refunded in full.',
  undoneRefundPending:
    'Your refund is pending: we have asked PayPal to refund your payment in full and keep trying until PayPal does.',
  undoneNotRefunded: 'Nothing was refunded, because its payments paid for the plan your account had.',
  undoneNothingCharged: 'No payment was taken for it.',
  // A refused credits order whose refund PayPal has not done yet (PAYMENT_REFUNDED with refund 'pending'): the backend
  // owes it and tries again; never "refunded" until PayPal confirms.
  paymentRefundPending:
    'This payment could not be added to your account. Your refund is pending: we have asked PayPal to refund it in full and keep trying until PayPal does.',
  // The payment panel when a cancelled plan still has paid time: the new plan (PayPal's start_time) starts when it ends.
  planStartsOn:
    'Your new plan starts on {date}, when the time you have already paid for ends. PayPal bills you from then.',
  // A plan card while an approved subscription of this user is kept, not recorded yet: a second plan would be paid twice.
  planPaymentKept: 'Your PayPal payment for a plan is still being recorded. You can choose a plan once it is.',

  // My Account's list of PayPal payments (docs/architecture.md "Payments on My Account")
  paymentsHeading: 'Payments',
  paymentsLoading: 'Loading payments...',
  paymentsEmpty: 'No payments yet. Credits and plans you buy with PayPal will show here.',
  paymentsFetchFailed: 'Failed to fetch your payments',
  paymentStatusCredited: 'Credited',
  paymentStatusActive: 'Active',
  paymentStatusEnded: 'Ended',
  paymentStatusRefunded: 'Refunded',
  // A refund the backend owes and PayPal has not confirmed yet.
  paymentStatusRefundPending: 'Refund pending',
  // PayPal took the money back (a reversal, a denied capture, a dispute); its credits went back too.
  paymentStatusReversed: 'Reversed',
  // PayPal took it; the backend has not recorded it yet (this browser keeps it and tries again).
  paymentStatusWaiting: 'Waiting',
  paymentPaypalId: 'PayPal ID: {id}',
  // What a payment bought when the backend does not know the pack or the plan (an amount no pack costs, refunded).
  paymentBoughtCredits: 'Credits',
  paymentBoughtPlan: 'Pro subscription',

  // The connection (docs/reliability.md "Reliability")
  offlineBanner: 'You are offline. Check your internet connection: this page will carry on by itself when it is back.',
  unreachableBanner:
    'We cannot reach our server. Check your internet connection: this page will carry on by itself when it is back.',

  // Hand-off (where the spec is silent)
  redirectRefused:
    'This sign-in link points to an address that is not a {product} app, so your sign-in was not sent there. You are still signed in.',
  openInBrowserHint:
    'Google and Apple sign-in may not work inside this app window. Continue in your web browser to sign in there.',
  openInBrowser: 'Continue in your browser',

  // Account deletion, affiliate
  deletionConfirm: 'Are you sure?',
  affiliateTitle: 'Welcome to dream book!',

  // Shared links: /external-link and /share-design (the spec names no texts here)
  getAppHeading: 'Get the {product} app',
  openInProductHeading: 'Open in {product}',
  openInApp: 'Open in the app',
  getTheApp: 'Get the app',
  appOpening: 'Opening the {product} app...',
  appNotOpened: "The app didn't open. If {product} is installed, tap Open in the app. If not, download it first.",
  appLeft: 'Back from the app? Tap Open in the app to open this link again.',
  appCannotOpen:
    'This page cannot open the app directly. Download {product} from the store below, then open the link again.',
  inAppBrowserHint:
    '{app} sometimes keeps links from opening other apps. If nothing happens, open this page in your browser from the {app} menu.',
  noAppYet: "Don't have the app yet?",
  sharedDesignNamed: 'Shared design: {design}',
  scanHeading: 'Scan with your phone',
  scanText: "Point your phone's camera at this code to open this link in the {product} app.",
  qrAlt: 'QR code that opens this link on your phone: {url}',
  qrMaking: 'Making the QR code...',
  qrFailed: 'The QR code could not be made. Open this address on your phone instead:',
  cantScan: "Can't scan? Open this address on your phone:",
  downloadHeading: 'Download the app',
  downloadText: 'Available on the App Store, Google Play and the Microsoft Store.',
  visitStoreText: 'Visit the App Store, Google Play or the Microsoft Store to download {product}.',
  devRefused:
    'Developer mode: {target} is not an allowed desktop app address, so this link was not handed to the desktop app and nothing was stored.',
  badgeAppStore: 'Download on the App Store',
  badgeGooglePlay: 'Get it on Google Play',
  badgeMicrosoftStore: 'Get it from Microsoft Store',
  sharedWithYou: 'A design shared with you from {product}',
  sharedDesignHeading: 'Shared design',
  houseModel: 'House model: {model}',
  thumbnailAlt: 'Preview of the {model} house model',
  noPreview: 'No preview available',
  linkIncomplete:
    'This shared link is incomplete, so the design cannot be shown. Ask the sender to share it again from the {product} app.',
  linkPartial:
    'Part of this shared link is missing ({missing}). If the app cannot find the design, ask the sender to share it again.',
  missingDesignName: 'the design name',
  missingHouseModel: 'the house model',
  openOnDesktopHint: 'On a computer, you get a code to scan with your phone.',
  getTheAppText: 'Install {product} to open shared designs and make your own.',

  // Signed-in pages: My Account, My Designs (the spec names no texts here)
  usernameSaved: 'Username updated.',
  usernameSaveFailed: 'Failed to update username: {message}',
  usernameNoHash: 'A username cannot contain the # character.',
  usernameTooLong: {
    one: 'Usernames can have at most {n} character.',
    other: 'Usernames can have at most {n} characters.',
  },
  usernameControlCharacters: 'Usernames cannot contain control characters.',
  deletionSucceeded: 'Your account has been deleted. Signing you out...',
  deletionFailed: 'Failed to delete your account. Please try again later.',
  designsLoading: 'Loading designs...',
  designCount: { one: '{n} design', other: '{n} designs' },
  creditCount: { one: '{n} credit', other: '{n} credits' },

  // Sign-in screen (docs/architecture.md "Sign-in inside webviews"): continuing in the system browser from a webview
  openInBrowserRequested: 'Your web browser should open now. Finish signing in there; you can then return to this app.',
  openInBrowserManual: 'This app could not open your browser. Open this address in your web browser to sign in there:',

  // My Account, Sign-in & security (SPEC 8 texts reused for failures it names)
  securityHeading: 'Sign-in & security',
  changePasswordHeading: 'Change password',
  addPasswordHeading: 'Add a password',
  addPasswordIntro: 'You sign in with {methods}. Add a password to also sign in with your email address, {email}.',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  passwordHint: { one: 'At least {n} character', other: 'At least {n} characters' },
  changePasswordButton: 'Change password',
  addPasswordButton: 'Add password',
  changingPassword: 'Changing your password…',
  addingPassword: 'Adding your password…',
  passwordChanged: 'Your password has been changed.',
  passwordAdded: 'Password added. You can now also sign in with your email address and this password.',
  currentPasswordRequired: 'Please enter your current password',
  newPasswordRequired: 'Please enter a new password',
  passwordChangeFailed: 'Failed to change your password. Please try again',
  passwordAddFailed: 'Failed to add a password. Please try again',
  passwordEmailInUse:
    'Another account already uses this email address with a password, so a password cannot be added here.',
  passwordAlreadyAdded: 'This account already has a password.',
  passwordNeedsEmail: 'Your account has no email address, so a password cannot be added.',
  recentSignInRequired: 'For your security, please sign out and sign in again, then try once more.',
  linkedMethodsHeading: 'Linked sign-in methods',
  methodLinked: 'Linked',
  methodNotLinked: 'Not linked',
  linkProvider: 'Link {provider}',
  unlinkProvider: 'Unlink {provider}',
  linkingProvider: 'Linking {provider}…',
  onlyMethod: 'This is your only sign-in method, so it cannot be unlinked.',
  linkSucceeded: '{provider} is now linked. You can sign in with it.',
  unlinkSucceeded: '{provider} has been unlinked.',
  unlinkConfirmTitle: 'Unlink {provider}?',
  unlinkConfirmText: 'You will no longer be able to sign in with {provider}. You can still sign in with {others}.',
  unlinkConfirmButton: 'Unlink',
  unlinking: 'Unlinking…',
  cancel: 'Cancel',
  linkFailed: 'Failed to link {provider}. Please try again',
  linkCredentialInUse:
    'This {provider} account already belongs to another {product} account, so it cannot be linked to this one.',
  linkAlreadyLinked: '{provider} is already linked to your account.',
  unlinkNotLinked: '{provider} is not linked to your account.',
  unlinkFailed: 'Failed to unlink {provider}. Please try again',
  linkInBrowserHint:
    'Linking Google or Apple may not work inside this app window. Continue in your web browser to link them there.',
  linkInBrowserRequested:
    'Your web browser should open now. Sign in there and link your account on My Account; you can then return to this app.',
  linkInBrowserManual:
    'This app could not open your browser. Open this address in your web browser to link your account there:',
  verificationHeading: 'Email verification',
  emailVerified: 'Verified',
  emailNotVerified: 'Not verified',
  verificationIntro: 'We send a link to {email}. Follow it to confirm that the address is yours.',
  verifiedIntro: '{email} is confirmed as yours.',
  sendVerification: 'Send verification e-mail',
  sendVerificationAgainIn: 'Send again in {seconds} s',
  checkVerification: 'Check again',
  verificationSent: 'Verification email sent to {email}. Follow the link in it, then come back here.',
  verificationSendFailed: 'Failed to send the verification email. Please try again later',
  verificationCheckFailed: 'Could not check whether your email address is verified. Please try again later',
  stillNotVerified: 'Your email address is not verified yet. Follow the link in the email we sent, then check again.',
  nowVerified: 'Your email address is verified.',
  noEmailAddress: 'Your account has no email address.',

  // My Account: where the account is signed in, sign out everywhere, a copy of its data (issue 51)
  sessionsHeading: "Where you're signed in",
  sessionsFailed: 'Could not load where you are signed in. Please try again.',
  sessionThisDevice: 'This device',
  sessionBrowserOnSystem: '{browser} on {system}',
  sessionUnknownDevice: 'Unknown device',
  sessionKindBrowser: 'Browser',
  sessionKindDesktop: 'Desktop app',
  sessionKindMobile: 'Mobile app',
  sessionKindWebview: 'Inside an app',
  sessionSignedIn: 'Signed in {date}',
  sessionLastActive: 'Last active {date}',
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereTitle: 'Sign out everywhere?',
  signOutEverywhereText:
    'You will be signed out on every device and in every app, this browser included. Each of them will ask you to sign in again.',
  signingOutEverywhere: 'Signing out everywhere…',
  signOutEverywhereFailed: 'Could not sign out everywhere. Nothing has changed. Please try again.',
  signedOutEverywhere: 'You were signed out on all devices. Sign in again.',
  confirmIdentityPassword: 'For your security, enter your password to continue.',
  confirmIdentityProvider: 'For your security, confirm with {provider} in the window that opens.',
  dataHeading: 'Your data',
  dataIntro:
    'Download a copy of what your account holds, as a JSON file: profile, credits, subscription, payments, designs and where you are signed in.',
  downloadData: 'Download your data',
  preparingData: 'Preparing your data…',
  downloadDataFailed: 'Could not prepare your data. Please try again.',

  // Payments: plan and pack cards, the payment dialogs, the subscription card (no text in JSX)
  tryAgain: 'Try Again',
  close: 'Close',
  currentPlanBadge: 'Current Plan',
  savingsBadge: 'Save {savings}',
  choosePlan: 'Choose {plan}',
  completeSubscriptionTitle: 'Complete Your Subscription',
  planPriceLine: '{plan}: {price} {period}',
  tryPayPalAgain: 'Try PayPal Again',
  loadingPaymentOptions: 'Loading payment options...',
  paypalButtonsLabel: 'PayPal',
  bestValueBadge: 'BEST VALUE',
  packTitle: { one: '{n} Credit', other: '{n} Credits' },
  pricePerCreditEach: '{price} each',
  purchaseWithPayPal: 'Purchase with PayPal',
  purchaseCreditsTitle: { one: 'Purchase {n} Credit', other: 'Purchase {n} Credits' },
  purchaseCreditsDescription: '{description} for {price} ({each} each)',
  loadingPayPal: 'Loading PayPal...',
  completingPayment: 'Completing your payment...',
  addingCredits: 'Adding credits to your account...',
  yourSubscriptionHeading: 'Your Subscription',
  planLabel: 'Plan',
  statusLabel: 'Status',
  pauseLabel: 'Pause',
  billingLabel: 'Billing',
  appleSubscriptionHint: 'This subscription was bought through Apple. Cancel it in your App Store subscriptions.',
  resumeSubscription: 'Resume Subscription',
  pauseSubscription: 'Pause Subscription',
  cancelSubscription: 'Cancel Subscription',
  howItWorksHeading: 'How It Works',
  howStepBuyTitle: 'Buy credits',
  howStepBuyText: 'Pick a credit pack and pay securely with PayPal. Credits never expire.',
  howStepOpenTitle: 'Open your design',
  howStepOpenText: 'Open a saved design in the {product} app and choose Dream Render.',
  howStepFrameTitle: 'Frame the shot',
  howStepFrameText:
    'Place the camera where you want it, inside or outside, and choose Standard ({standard}) or HD ({hd}).',
  howStepGetTitle: 'Get your render',
  howStepGetText: 'Your photorealistic image is ready in moments, saved with your design to share.',
  compareBefore: 'BEFORE',
  compareAfter: 'AFTER',
  compareValueText: '{before}% before, {after}% after',
  compareGrip: '‹ ›',
  compareImagesFailed: 'The comparison images could not be loaded.',
  compareImagesLoading: 'Loading comparison images...',
  compareCaption: 'Drag, tap or use the arrow keys to compare the sketch with the finished render.',

  // Pages: My Account, credits, My Designs, subscription, not found, return, development data
  myAccountHeading: 'My Account',
  profileHeading: 'Profile information',
  usernameLabel: 'Username',
  emailLabel: 'Email',
  signInMethodLabel: 'Sign-in Method',
  accountCreatedLabel: 'Account Created',
  accountTypeLabel: 'Account Type',
  notAvailable: '—',
  planStatusCancelled: 'Cancelled',
  planStatusPaused: 'Paused',
  // A short visible text and its accessible name (aria-label), each whole so that a translator can order the words;
  // the name contains the visible text in every language (WCAG 2.5.3, tests/unit/messages/accessible-names.test.ts).
  manageSubscription: 'Manage',
  manageSubscriptionLabel: 'Manage subscription',
  upgradeToPro: 'Upgrade',
  upgradeToProLabel: 'Upgrade to Pro',
  creditsBannerName: 'Dream Render AI',
  creditsBannerText: 'Photorealistic renders of your {product} designs',
  creditsHeading: 'Transform Your Designs Into Reality',
  creditsLead:
    'Turn any design you make in {product} into a photorealistic image with Dream Render AI. Choose the view, pick the quality, and get a picture of your future home to share.',
  creditsTickQuality: 'Photorealistic Quality',
  creditsTickFraming: 'You frame the shot',
  creditsTickViews: 'Interior & Exterior Views',
  creditsTickSpeed: 'Fast Processing Times',
  compareLabel: 'Before and after comparison',
  compareBeforeAlt: 'The design as a plain grey sketch, before rendering',
  compareAfterAlt: 'The same design as a colourful photorealistic render',
  balanceHeading: 'Your Credit Balance',
  availableCredits: 'Available Credits',
  renderCostsHeading: 'Render costs',
  renderStandard: 'Standard',
  renderHd: 'HD',
  buyCreditsHeading: 'Buy Credits',
  myDesignsHeading: 'My Designs',
  subscriptionHeading: 'Choose your Pro plan',
  proIncludes: 'Pro includes {features}.',
  proFeaturesJoiner: ' and ',
  subscriptionReloadHint: 'This page refreshes in a few seconds to show your latest plan.',
  plansHeading: 'Plans',
  cancelDialogText: 'You keep premium features until the end of your billing period.',
  cancelDialogLegend: 'Why are you cancelling?',
  cancelDialogConfirm: 'Confirm Cancellation',
  keepSubscription: 'Keep My Subscription',
  pauseDialogText: 'Your subscription pauses now; you can resume it at any time.',
  pauseDialogLegend: 'Why are you pausing?',
  pauseDialogConfirm: 'Confirm Pause',
  notFoundHeading: 'Page not found',
  notFoundText: 'There is nothing at this address.',
  notFoundLink: 'Go to your account',
  returnHint: 'You can close this window. Not signed in on the desktop? Open {product} there and choose Sign In again.',

  // My Designs cards
  lastEdited: 'Last edited',
  lastEditedUnknown: 'unknown',
  // A design the backend sent without a name.
  untitledDesign: 'Untitled design',

  // Sign-in forms, account cards, survey, footer and app shell (no text in JSX)
  deleteAccountHeading: 'Delete account',
  deleteAccountText: 'Permanently delete your {product} account, your saved designs, credits and subscription.',
  requestAccountDeletion: 'Request Account Deletion',
  editUsername: 'Edit',
  editUsernameLabel: 'Edit username',
  saving: 'Saving…',
  save: 'Save',
  affiliateIntro: 'Thanks for joining {product}. One quick question before you start.',
  affiliateLegend: 'How did you hear about us?',
  // The survey's options (SPEC 2 names their ids): three partners' names, which stay as they are, and Other.
  affiliateBuilderBrigade: 'Builder Brigade',
  affiliateMonsterHousePlans: 'Monster House Plans',
  affiliateBarndominiumCompany: 'Barndominium Company',
  affiliateOther: 'Other',
  skip: 'Skip',
  checkEmailLeadBefore: 'Look for an email sent to',
  checkEmailLeadAfter: '. It can take a few minutes to arrive; if it does not, look in your spam folder.',
  backToSignIn: 'Back to Sign In',
  sendLinkAgain: 'Send the link again',
  passwordLabel: 'Password',
  showPasswordShort: 'Show',
  hidePasswordShort: 'Hide',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  createAccountButton: 'Create Account',
  signInButton: 'Sign In',
  creatingAccount: 'Creating your account…',
  signingIn: 'Signing in…',
  toSignIn: 'Already have an account? Sign in',
  toCreateAccount: "Don't have an account? Create one",
  providerDivider: 'or',
  resetLead: 'Enter the email address of your account and we will send you a link to choose a new password.',
  sendResetLink: 'Send Reset Link',
  sendingReset: 'Sending the reset email…',
  copyright: '© {year} {product}. All rights reserved.',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  opensInNewTab: '(opens in a new tab)',
  skipToContent: 'Skip to content',
  mainNavLabel: 'Main',
  navAccount: 'Account',
  navPro: 'Pro',
  devNavItem: 'Development',
  signOut: 'Sign Out',
  notificationsLabel: 'Notifications',
  dismissNotification: 'Dismiss notification',
  closeGlyph: '×',
  profilePhotoAlt: 'Your profile photo',

  // Account deletion dialog
  accountDeletedTitle: 'Account deleted',
  deletionWarning:
    'Deleting your account removes your profile, saved designs, credits and subscription from {product}. This cannot be undone.',
  deletingAccount: 'Deleting…',
  deleteAccountButton: 'Delete Account',

  // Affiliate survey buttons
  submitting: 'Submitting…',
  submit: 'Submit',
  // Texts the domain names by key: document titles, plans, reasons, expiry, credit packs.
  pageTitle: '{page} · {product}',
  pageTitleAccount: 'My Account',
  pageTitleSubscription: 'Pro plans',
  pageTitleCredits: 'Credits',
  pageTitleDesigns: 'My Designs',
  pageTitleDevData: 'Development data',
  pageTitleSignIn: 'Sign in',
  pageTitleReturn: 'Return to the app',
  pageTitleGetApp: 'Get the app',
  pageTitleSharedDesign: 'Shared design',
  cancelReasonTooExpensive: 'It is too expensive',
  cancelReasonNotUsingEnough: 'I am not using it enough',
  reasonMissingFeatures: 'It is missing features I need',
  cancelReasonPoorExperience: 'I had a poor experience',
  reasonOther: 'Other',
  pauseReasonTemporarilyNotUsing: 'I am temporarily not using it',
  pauseReasonFinancial: 'Financial reasons',
  pauseReasonTryingOthers: 'I am trying other services',
  expiresToday: 'Expires today',
  expiresTomorrow: 'Expires tomorrow',
  expiresInDays: { one: 'Expires in {n} day', other: 'Expires in {n} days' },
  planTitleFree: 'Free',
  planTitleMonthly: 'Monthly',
  planTitleSixMonth: 'Semi-Annual',
  planTitleAnnual: 'Annual',
  planNameFree: 'Free',
  planNameMonthly: 'Pro Plan - Monthly',
  planNameSixMonth: 'Pro Plan - Semi-Annual',
  planNameAnnual: 'Pro Plan - Annual',
  periodMonth: 'per month',
  periodSixMonths: 'per 6 months',
  periodYear: 'per year',
  proFeaturePalettes: '24 expert color palettes',
  proFeatureCredits: '10 Dream Render AI credits each month',
  freeFeatureDesign: 'Design and save your homes in 3D',
  freeFeaturePalettes: 'Standard color palettes',
  subscriptionActive: 'Active',
  subscriptionPaused: 'Paused',
  subscriptionCancelled: 'Cancelled',
  periodEndsOn: 'Current period ends on {date}',
  pausedUntil: 'Paused until {date}',
  premiumUntil: 'Premium features until {date}',
  packDescription: { one: '{n} Dream Render credit', other: '{n} Dream Render credits' },
  packRenders: '{standard} Standard renders or {hd} HD renders',
  creditsNeverExpire: 'Credits never expire',
  providerEmail: 'Email',
  providerGoogle: 'Google',
  providerApple: 'Apple',
  signInMethodUnknown: 'Unknown',
  listSeparator: ', ',
  // The language picker's name (src/ui/components/LanguagePicker.tsx).
  languageLabel: 'Language',
} as const;

type Catalogue = typeof messages;
/** A text that counts: one form per CLDR plural category of the language (English has `one` and `other`). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type PluralCode = { [K in keyof Catalogue]: Catalogue[K] extends string ? never : K }[keyof Catalogue];
export type MessageCode = Exclude<keyof Catalogue, PluralCode>;
/** Every key of the catalogue, texts and plurals. */
type CatalogueKey = keyof Catalogue;
/** One language's texts (src/messages/locales/*.json): any key it lacks falls back to English. */
export type Translation = Partial<Record<CatalogueKey, string | PluralForms>>;

/**
 * The English texts by key, and their order: a language file lists its texts in this order. A production build gives
 * this module only the texts its entry names; the pages' chunks add theirs (`addTexts`, page-messages.ts), after them,
 * in the order of the language's pages' file (src/state/language.ts puts it after the entry's).
 */
const english: Record<string, string | PluralForms> = { ...messages };
const order: string[] = Object.keys(messages);

/** A language file's text: a string, or plural forms with at least `other`. */
export function isText(value: unknown): value is string | PluralForms {
  return typeof value === 'string' || (typeof value === 'object' && value !== null && 'other' in value);
}

/**
 * The language every text, date, price and plural is in: English (config's locale) until a translation is in use;
 * `file` is that language's texts as served (the entry's, then the pages' once fetched), for the texts of the pages'
 * chunks, which may arrive later.
 */
let active: { locale: string; texts: Translation; file: readonly unknown[] } = { locale, texts: {}, file: [] };

/** The keys in a language file's order, so far: the entry's, then each chunk's as it arrived (src/state/language.ts). */
export function textOrder(): readonly string[] {
  return order;
}

/** Puts `texts` in use for `tag` (src/state/language.ts); `null` goes back to English. */
export function applyTranslation(tag: string | null, texts: Translation = {}, file: readonly unknown[] = []): void {
  active = tag ? { locale: tag, texts, file } : { locale, texts: {}, file: [] };
}

/** The texts of the pages in chunks (page-messages.ts): in English, and from the language file in use. */
export function addTexts(more: Readonly<Record<string, string | PluralForms>>): void {
  for (const [key, value] of Object.entries(more)) {
    if (key in english) continue;
    const served = active.file[order.length];
    order.push(key);
    english[key] = value;
    if (isText(served)) (active.texts as Record<string, string | PluralForms>)[key] = served;
  }
}

function text(code: keyof Catalogue): string | PluralForms {
  return active.texts[code] ?? english[code]!;
}

/** The text for `code`, with {product} and any other {placeholder} filled in. */
export function message(
  code: MessageCode,
  params: Record<string, string | number> = {},
  product = config.productName,
): string {
  return fill(text(code) as string, { product, ...params });
}

export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

// Intl objects are costly to build: one per locale (the language in use) and options, made on first use (format.ts
// uses it too).
const intl = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
export function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(
  key: string,
  make: (locale: string) => T,
): T {
  const id = `${active.locale}|${key}`;
  let value = intl.get(id) as T | undefined;
  if (!value) intl.set(id, (value = make(active.locale)));
  return value;
}

/** The form of `code` for the count `n` by the language's CLDR plural rules, with {n} and `params` filled in. */
export function plural(n: number, code: PluralCode, params: Record<string, string | number> = {}): string {
  const forms = text(code) as PluralForms;
  const category = cached('plural', (locale) => new Intl.PluralRules(locale)).select(n);
  return fill(forms[category] ?? forms.other, {
    product: config.productName,
    n: cached('number', (locale) => new Intl.NumberFormat(locale)).format(n),
    ...params,
  });
}
