// @vitest-environment jsdom
// The payment panel "Complete Your Subscription" says when a new plan starts: when a cancelled plan still has paid
// time, the new one starts as it ends (PayPal's start_time), and the panel says so; otherwise it says nothing of it.
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/auth/firebase', async () => (await import('../../support/fake-auth')).fakeAuth);
vi.mock('../../../../src/state/subscription-page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/state/subscription-page')>()),
  // PayPal's buttons are the store's subject (tests/unit/state/subscription-page.test.ts); here the panel's words.
  mountSubscriptionButtons: () => () => {},
}));

import type { Subscription } from '../../../../src/domain/plans';
import { resetSubscription, subscription } from '../../../../src/state/subscription';
import { resetSubscriptionPage, subscriptionPage } from '../../../../src/state/subscription-page';
import { SubscriptionPaymentPanel } from '../../../../src/ui/payments/SubscriptionPaymentPanel';

const NOW = Date.parse('2030-01-15T12:00:00.000Z');
const cancelled: Subscription = {
  plan: 'ANNUAL',
  status: 'CANCELLED',
  expiresAt: '2030-03-01T12:00:00.000Z',
  subscriptionSource: 'paypal',
  subscriptionId: 'I-BW452GLLEP1G',
  pauseUntil: null,
};
const startsOn =
  /^Your new plan starts on .*, when the time you have already paid for ends\. PayPal bills you from then\.$/;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  resetSubscription();
  resetSubscriptionPage();
  subscriptionPage.selected = 'MONTHLY';
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SubscriptionPaymentPanel', () => {
  it('says the new plan starts on the day the paid time of a cancelled plan ends', () => {
    subscription.current = cancelled;
    render(<SubscriptionPaymentPanel />);
    expect(
      screen.getByText(
        'Your new plan starts on March 1, 2030, when the time you have already paid for ends. PayPal bills you from then.',
      ),
    ).toBeTruthy();
  });

  it('says nothing of a start without paid time left: no plan, a plan ended, or one ending within a minute', () => {
    for (const current of [
      null,
      { ...cancelled, expiresAt: '2030-01-01T12:00:00.000Z' },
      { ...cancelled, expiresAt: new Date(NOW + 30_000).toISOString() },
    ]) {
      subscription.current = current;
      const { unmount } = render(<SubscriptionPaymentPanel />);
      expect(screen.getByText('Complete Your Subscription')).toBeTruthy();
      expect(screen.queryByText(startsOn)).toBeNull();
      unmount();
    }
  });
});
