/** The console's store with one product's buy dialog to open: `?buy=<id>`, where 登录后购买 leads. */
export const BUY_PARAM = 'buy';

export const buyAddress = (id: number) => `/items/store?${BUY_PARAM}=${id}`;
