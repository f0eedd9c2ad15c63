// POST /auth/unity and /auth/unity-link: the identity token exchanged for the Unity player and access token.
import type { UnityAuth } from '../domain/entities';
import { call, type ApiContext } from './client';
import { decodeUnityAuth } from './decoders';

export async function exchangeForUnity(ctx: ApiContext): Promise<UnityAuth> {
  return decodeUnityAuth(await call(ctx, { method: 'POST', path: '/auth/unity', body: { idToken: ctx.idToken } }));
}

/** Links the signed-in account to the desktop's Unity player; `linkToken` goes as X-Unity-Token. */
export async function linkUnity(ctx: ApiContext, linkToken: string): Promise<UnityAuth> {
  return decodeUnityAuth(
    await call(ctx, {
      method: 'POST',
      path: '/auth/unity-link',
      body: { idToken: ctx.idToken },
      unityToken: linkToken,
    }),
  );
}
