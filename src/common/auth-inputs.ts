/**
 * The two inputs the login and register screens use, imported one by one: antd's `Input` export
 * carries TextArea, Search and OTP along (about 10 KB gzip more on /login).
 */
export { default as Input } from 'antd/es/input/Input';
export { default as Password } from 'antd/es/input/Password';
