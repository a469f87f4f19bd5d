/**
 * Why the SMTP receiver could not listen, in one Chinese line naming the setting to change. A port
 * below 1024 (25, mail's own) is refused to a process without privilege (EACCES), which is not the
 * port being taken.
 */
export function smtpListenFailure(code: string | undefined, host: string, port: number): string {
  switch (code) {
    case 'EACCES':
      return `没有权限监听 SMTP 端口 ${port}（${host}:${port}）：小于 1024 的端口需要 root 或 CAP_NET_BIND_SERVICE 权限；或用 SMTP_PORT 换一个 1024 以上的端口（如 2525），再把 25 端口转发到它`;
    case 'EADDRINUSE':
      return `SMTP 端口 ${port} 已被占用（${host}:${port}）：本机可能已有另一个进程在接收邮件；本进程不需要接收邮件时请设 SMTP_PORT=0，否则停止占用它的程序或换一个 SMTP_PORT`;
    case 'EADDRNOTAVAIL':
      return `SMTP_HOST=${host} 不是本机的地址：请把 SMTP_HOST 改成本机的地址（0.0.0.0 为所有网卡）`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `SMTP_HOST=${host} 无法解析为地址：请把 SMTP_HOST 改成 IP 地址或本机的主机名`;
    default:
      return `无法监听 SMTP 端口 ${host}:${port}（${code ?? '未知错误'}）：请检查 SMTP_HOST 与 SMTP_PORT`;
  }
}
