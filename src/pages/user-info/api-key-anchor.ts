import { pages } from '../../../resources.config';

/** The 接口密钥 card's place on 修改信息: links from the home card and 我的API open the page at the key. */
export const API_KEY_ANCHOR = 'apikey';
export const API_KEY_PATH = `${pages.info.route}#${API_KEY_ANCHOR}`;
