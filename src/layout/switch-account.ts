import { authState, type UserInfo } from '../providers/auth-state';
import { setFlash } from '../providers/flash';
import { api } from '../providers/http';
import { navigation } from '../providers/navigation';

interface SwitchAnswer {
  token: string;
  type: string;
  user?: UserInfo;
}

/** Takes on the answered session, then loads the console afresh there; '切换成功' shows once it has. */
function adopt(data: SwitchAnswer, type: string, path: string): void {
  authState.setToken(data.token);
  authState.setType(type);
  if (data.user) authState.setUserInfo(data.user);
  setFlash('切换成功');
  navigation.load(path);
}

/** A sup enters a customer's account, on its home page. */
export async function switchToUser(id: number): Promise<void> {
  const data = await api.post<SwitchAnswer>('/api/user/manager', { id });
  adopt(data, data.type, '/home');
}

/** Back from a customer's account to the sup who switched into it, on the user list. */
export async function switchBackToManager(): Promise<void> {
  const data = await api.post<SwitchAnswer>('/api/user/admin', {});
  adopt(data, 'sup', '/user/index');
}
