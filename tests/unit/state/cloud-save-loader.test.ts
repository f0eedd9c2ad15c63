import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import type { CloudSave } from '../../../src/domain/entities';
import { CloudSaveError, loadCloudSave, type LoaderDeps } from '../../../src/state/cloud-save-loader';

const ready: CloudSave = {
  entries: [{ key: 'accountType', value: 1, namespace: null, permission: null }],
  username: 'ada#1',
  credits: 3,
  needsSetup: false,
  accountType: 1,
  subscription: undefined,
};
const empty = (username: string | null): CloudSave => ({
  entries: [],
  username,
  credits: 0,
  needsSetup: true,
  accountType: null,
  subscription: undefined,
});
const http = (status: number) => new ApiError('http', status, `status ${status}`);

function deps(answers: Array<CloudSave | Error>, overrides: Partial<LoaderDeps> = {}) {
  const queue = [...answers];
  return {
    fetch: vi.fn(async () => {
      const next = queue.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) throw next;
      return next;
    }),
    recover: vi.fn(async () => {}),
    setup: vi.fn(async () => {}),
    hasUser: () => true,
    ...overrides,
  } satisfies LoaderDeps;
}

describe('loadCloudSave', () => {
  it('returns the data at once when all is well', async () => {
    const d = deps([ready]);
    await expect(loadCloudSave(d)).resolves.toBe(ready);
    expect(d.recover).not.toHaveBeenCalled();
  });

  it('recovers from two 500s by refreshing the tokens', async () => {
    const d = deps([http(500), http(500), ready]);
    await expect(loadCloudSave(d)).resolves.toBe(ready);
    expect(d.recover).toHaveBeenCalledTimes(2);
  });

  it('gives up on the third 500', async () => {
    const d = deps([http(500), http(500), http(500), ready]);
    const error = await loadCloudSave(d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudSaveError);
    expect((error as CloudSaveError).cause).toMatchObject({ status: 500 });
    expect(d.fetch).toHaveBeenCalledTimes(3);
  });

  it('recovers a 401 once when a user is signed in', async () => {
    const d = deps([http(401), ready]);
    await expect(loadCloudSave(d)).resolves.toBe(ready);
  });

  it('does not retry without a current user', async () => {
    const d = deps([http(401), ready], { hasUser: () => false });
    await expect(loadCloudSave(d)).rejects.toBeInstanceOf(CloudSaveError);
    expect(d.recover).not.toHaveBeenCalled();
  });

  it('does not retry a 403', async () => {
    const d = deps([http(403), ready]);
    await expect(loadCloudSave(d)).rejects.toMatchObject({ reason: 'fetch' });
  });

  it('treats empty results without a username as an expired token: refresh and retry', async () => {
    const d = deps([empty(null), ready]);
    await expect(loadCloudSave(d)).resolves.toBe(ready);
    expect(d.recover).toHaveBeenCalledTimes(1);
  });

  it('runs first-time setup for empty results with a username, then fetches again', async () => {
    const d = deps([empty('Player#1234'), ready]);
    await expect(loadCloudSave(d)).resolves.toBe(ready);
    expect(d.setup).toHaveBeenCalledTimes(1);
    expect(d.fetch).toHaveBeenCalledTimes(2);
  });

  it('retries a failing setup at most twice', async () => {
    const setup = vi.fn(async () => {
      throw new Error('setup failed');
    });
    const d = deps([empty('P#1'), empty('P#1'), empty('P#1'), empty('P#1')], { setup });
    await expect(loadCloudSave(d)).rejects.toMatchObject({ reason: 'setup' });
    expect(setup).toHaveBeenCalledTimes(3);
  });
});
