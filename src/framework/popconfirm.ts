// antd's Popconfirm as its own module for ClickPopup.tsx to fetch on first use; through 'antd' like
// every other import of antd, so it takes the same ConfigProvider (its words and button settings).
export { Popconfirm as default } from 'antd';
