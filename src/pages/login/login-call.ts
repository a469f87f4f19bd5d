import { authState, type UserInfo } from '../../providers/auth-state';
import { feedback } from '../../providers/feedback';
import { api, ApiError } from '../../providers/http';
import { takeWantedPath } from '../../providers/wanted-path';

export interface LoginValues {
  username: string;
  password: string;
  totp?: string;
}

interface LoginAnswer {
  token: string;
  type: string;
  user: UserInfo;
  totp_setup_required?: boolean;
}

/** What a login came to: in (and where to go), the second step wanted (why), or refused (toasted). */
export type LoginOutcome = { kind: 'in'; redirectTo: string } | { kind: 'code'; message: string; wrong: boolean } | { kind: 'refused' };

/**
 * `POST /api/user/login`, with the two-step code once the server asked for it (`data.totp_required`).
 * Signs in as the auth provider does; an account that must set up two-step login first (强制管理员
 * 两步验证) goes to /user/info, where the setup is.
 */
export async function logIn(values: LoginValues): Promise<LoginOutcome> {
  try {
    const answer = await api.post<LoginAnswer>('/api/user/login', values, undefined, { silent: true });
    authState.setToken(answer.token);
    authState.setType(answer.type);
    authState.setUserInfo(answer.user);
    return { kind: 'in', redirectTo: answer.totp_setup_required ? '/user/info' : (takeWantedPath() ?? '/home') };
  } catch (error) {
    if (error instanceof ApiError && (error.data as { totp_required?: boolean } | undefined)?.totp_required) {
      return { kind: 'code', message: error.message, wrong: Boolean(values.totp) };
    }
    feedback.error(error instanceof Error ? error.message : String(error));
    return { kind: 'refused' };
  }
}
