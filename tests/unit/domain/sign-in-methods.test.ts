// The pure rules of "Sign-in & security": method names, which method may go, the password form, the cooldown.
import { describe, expect, it } from 'vitest';
import {
  canUnlink,
  cooldownSecondsLeft,
  hasPassword,
  passwordFormProblem,
  providerNameKey,
  signInMethodIds,
} from '../../../src/domain/sign-in-methods';

describe('signInMethodIds and providerNameKey', () => {
  it('orders every linked method, e-mail first, whatever order the provider data has', () => {
    expect(signInMethodIds(['apple.com', 'google.com', 'password'])).toEqual(['password', 'google.com', 'apple.com']);
    expect(['password', 'google.com', 'apple.com'].map(providerNameKey)).toEqual([
      'providerEmail',
      'providerGoogle',
      'providerApple',
    ]);
  });

  it('lists each method once, keeps unknown ones by id after the known ones, and names no key for them', () => {
    expect(signInMethodIds(['google.com', 'google.com'])).toEqual(['google.com']);
    expect(signInMethodIds(['github.com', 'password'])).toEqual(['password', 'github.com']);
    expect(signInMethodIds([])).toEqual([]);
    expect(providerNameKey('phone')).toBeNull();
  });
});

describe('canUnlink', () => {
  it('never lets the last method go', () => {
    expect(canUnlink(['google.com'], 'google.com')).toBe(false);
    expect(canUnlink(['google.com', 'google.com'], 'google.com')).toBe(false);
  });

  it('lets a linked method go while another remains, and refuses one that is not linked', () => {
    expect(canUnlink(['password', 'google.com'], 'google.com')).toBe(true);
    expect(canUnlink(['google.com', 'apple.com'], 'apple.com')).toBe(true);
    expect(canUnlink(['password', 'google.com'], 'apple.com')).toBe(false);
  });

  it('hasPassword looks for the password provider', () => {
    expect(hasPassword(['google.com', 'password'])).toBe(true);
    expect(hasPassword(['google.com'])).toBe(false);
  });
});

describe('passwordFormProblem (SPEC 5)', () => {
  it('asks for the current password first when the account has one', () => {
    expect(passwordFormProblem('', '')).toBe('currentRequired');
    expect(passwordFormProblem('old-pass', '')).toBe('newRequired');
  });

  it('needs at least 6 characters in the new password, spaces included', () => {
    expect(passwordFormProblem('old-pass', '12345')).toBe('tooShort');
    expect(passwordFormProblem('old-pass', '123456')).toBeNull();
    expect(passwordFormProblem('old-pass', '      ')).toBeNull();
    // Characters, not UTF-16 units: five emoji are five characters.
    expect(passwordFormProblem('old-pass', '😀😀😀😀😀')).toBe('tooShort');
  });

  it('adding a password (null current) checks only the new one', () => {
    expect(passwordFormProblem(null, '')).toBe('newRequired');
    expect(passwordFormProblem(null, 'abcdef')).toBeNull();
  });
});

describe('cooldownSecondsLeft', () => {
  it('rounds up, so the button never reads 0 while still waiting, and is 0 at and after the end', () => {
    expect(cooldownSecondsLeft(1_000, null)).toBe(0);
    expect(cooldownSecondsLeft(1_000, 61_000)).toBe(60);
    expect(cooldownSecondsLeft(60_999, 61_000)).toBe(1);
    expect(cooldownSecondsLeft(61_000, 61_000)).toBe(0);
    expect(cooldownSecondsLeft(90_000, 61_000)).toBe(0);
  });
});
