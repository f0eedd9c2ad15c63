// Whether plan selection, the Manage or Upgrade link and payments are offered (SPEC 6, canMakePayments).
import { proxy } from 'valtio';
import { LOCAL_KEYS, localStore } from './storage';

export const paymentsPermission = proxy({ allowed: !localStore.flag(LOCAL_KEYS.paymentsDisabled) });

/** Applies the host's canMakePayments (query or bridge message); undefined leaves the stored choice. */
export function applyPaymentPermission(canMakePayments: boolean | undefined): void {
  if (canMakePayments === undefined) {
    paymentsPermission.allowed = !localStore.flag(LOCAL_KEYS.paymentsDisabled);
    return;
  }
  localStore.setFlag(LOCAL_KEYS.paymentsDisabled, !canMakePayments);
  paymentsPermission.allowed = canMakePayments;
}
