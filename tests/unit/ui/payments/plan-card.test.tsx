// @vitest-environment jsdom
// A plan card offers its Choose button, or says why the plan cannot be chosen now in its place.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { planById } from '../../../../src/domain/plans';
import { PlanCard } from '../../../../src/ui/payments/PlanCard';

describe('PlanCard', () => {
  it('offers "Choose {plan}"', () => {
    const onChoose = vi.fn();
    render(<PlanCard plan={planById('ANNUAL')} current={false} onChoose={onChoose} />);
    within(screen.getByRole('article', { name: 'Annual' }))
      .getByRole('button', { name: 'Choose Annual' })
      .click();
    expect(onChoose).toHaveBeenCalled();
  });

  it('says why instead while a subscription payment is being recorded', () => {
    const text = 'Your PayPal payment for a plan is still being recorded. You can choose a plan once it is.';
    render(<PlanCard plan={planById('ANNUAL')} current={false} onChoose={vi.fn()} blockedBy={text} />);
    const card = screen.getByRole('article', { name: 'Annual' });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByText(text)).toBeTruthy();
  });
});
