import { setTimeZone } from '../framework/time-zone';

/**
 * The session: token and type persisted in localStorage under the keys `token` and `type` (so a
 * reload stays logged in and knows the role before any call); userInfo in memory only. Subscribers
 * hear every change (React reads it through useSyncExternalStore in use-auth-state.ts).
 */
export interface UserInfo {
  id: number;
  username: string;
  type: string;
  balance: number;
  email: string | null;
  tg: string | null;
  create_at: string | null;
  login_at: string | null;
  login_count: number;
  login_ip: string | null;
  manager?: string;
  /** A sup's staff role (owner, operator, finance, support). */
  role?: string;
  /** A customer who resells the catalogue (分站): 我的分站 is theirs. */
  reseller?: boolean;
  /** The business time zone (the server's). */
  time_zone?: string;
}

const TOKEN = 'token';
const TYPE = 'type';
/** A sup's staff role, kept with the type so a reload draws the right menu before the user info comes. */
const STAFF_ROLE = 'staff_role';
/** A random id per login (a new session, not a rotated token): what "until the next login" keys on. */
const LOGIN = 'login_id';
let userInfo: UserInfo | null = null;
/** When userInfo was stored (Date.now()). */
let userInfoAt = 0;
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  listeners.forEach((l) => l());
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const authState = {
  getToken: () => read(TOKEN),
  /** A new session (login, register, switching accounts); `rotated`: the same session's next token. */
  setToken(token: string, rotated = false) {
    localStorage.setItem(TOKEN, token);
    if (!rotated) localStorage.setItem(LOGIN, Math.random().toString(36).slice(2));
    changed();
  },
  getLoginId: () => read(LOGIN),
  /** Removing the token also forgets the user. */
  removeToken() {
    localStorage.removeItem(TOKEN);
    userInfo = null;
    changed();
  },
  getType: () => read(TYPE),
  getStaffRole: () => read(STAFF_ROLE),
  setType(type: string) {
    localStorage.setItem(TYPE, type);
    changed();
  },
  removeType() {
    localStorage.removeItem(TYPE);
    changed();
  },
  getUserInfo: () => userInfo,
  /** Milliseconds since the user info was stored; Infinity without any. */
  userInfoAge: () => (userInfo ? Date.now() - userInfoAt : Infinity),
  setUserInfo(info: UserInfo | null) {
    userInfo = info;
    userInfoAt = Date.now();
    if (info) {
      try {
        localStorage.setItem(STAFF_ROLE, info.role ?? '');
      } catch {
        /* storage off: the role lives in memory */
      }
    }
    if (info?.time_zone) setTimeZone(info.time_zone);
    changed();
  },
  /** Everything at once: what logging out and a refused session do. */
  clear() {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(TYPE);
    localStorage.removeItem(STAFF_ROLE);
    userInfo = null;
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  version: () => version,
};

export const isSup = (type: string | null | undefined) => type === 'sup';
