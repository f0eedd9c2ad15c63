// The PayPal JS SDK's script query of SPEC 7, as the portal loads it for each flow (client id of the test build): what
// the e2e specs read off the page and what the stand-in's own tests feed it.

export const SUBSCRIPTION_QUERY = {
  'client-id': 'test-client-id',
  components: 'buttons',
  currency: 'USD',
  commit: 'true',
  intent: 'subscription',
  vault: 'true',
  'enable-funding': 'paypal',
  'disable-funding': 'credit,card',
};

export const CAPTURE_QUERY = {
  'client-id': 'test-client-id',
  components: 'buttons',
  currency: 'USD',
  commit: 'true',
  intent: 'capture',
};
