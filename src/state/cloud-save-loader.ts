// Cloud save loading with the recovery rules of SPEC 4 and 8, written against injected calls so it is unit-testable.
import { ApiError } from '../api/client';
import { RETRY_LIMIT } from '../domain/constants';
import type { CloudSave } from '../domain/entities';

export interface LoaderDeps {
  fetch(): Promise<CloudSave>;
  /** Refresh the identity token and exchange it for a new Unity token, storing both. */
  recover(): Promise<void>;
  /** First-time setup with the default username of SPEC 5. */
  setup(): Promise<void>;
  hasUser(): boolean;
}

export class CloudSaveError extends Error {
  constructor(
    /** 'fetch': the call failed (see cause); 'setup': first-time setup failed; 'expired': no data even after refreshing. */
    readonly reason: 'fetch' | 'setup' | 'expired',
    override readonly cause: unknown,
  ) {
    super(reason);
    this.name = 'CloudSaveError';
  }
}

/** 500 or 401 with a current user: worth refreshing the tokens and trying again. */
function recoverable(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && (error.status === 500 || error.status === 401);
}

export async function loadCloudSave(deps: LoaderDeps): Promise<CloudSave> {
  let recoveries = 0;
  let setups = 0;
  for (;;) {
    let save: CloudSave;
    try {
      save = await deps.fetch();
    } catch (error) {
      if (recoverable(error) && deps.hasUser() && recoveries < RETRY_LIMIT) {
        recoveries++;
        await deps.recover();
        continue;
      }
      throw new CloudSaveError('fetch', error);
    }
    if (save.entries.length === 0 && !save.username) {
      // Empty results without a username: the token has expired. Refresh and retry.
      if (recoveries < RETRY_LIMIT) {
        recoveries++;
        await deps.recover();
        continue;
      }
      throw new CloudSaveError('expired', null);
    }
    if (save.needsSetup) {
      if (setups > RETRY_LIMIT) throw new CloudSaveError('setup', null);
      try {
        setups++;
        await deps.setup();
      } catch (error) {
        if (setups > RETRY_LIMIT) throw new CloudSaveError('setup', error);
      }
      continue;
    }
    return save;
  }
}
