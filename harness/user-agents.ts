// Real phone user agents, shared by the e2e phone tests and the bench's phone profiles: the strings Firebase and the
// portal read to tell a phone or Safari (docs/reliability.md "Popups on phones and Safari").
export const PHONE_USER_AGENTS = {
  'Android Chrome':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'iPhone Safari':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
} as const;
