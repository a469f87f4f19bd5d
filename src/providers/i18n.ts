import type { I18nProvider } from '@refinedev/core';

/** Refine's own texts (buttons, confirmations, notifications) in Chinese. */
const texts: Record<string, string> = {
  'buttons.create': '新建',
  'buttons.save': '保存',
  'buttons.logout': '退出登录',
  'buttons.delete': '删除',
  'buttons.edit': '编辑',
  'buttons.cancel': '取消',
  'buttons.confirm': '确定要删除吗？',
  'buttons.filter': '筛选',
  'buttons.clear': '清除',
  'buttons.refresh': '刷新',
  'buttons.show': '查看',
  'buttons.undo': '撤销',
  'buttons.import': '导入',
  'buttons.clone': '复制',
  'buttons.notAccessTitle': '没有权限',
  warnWhenUnsavedChanges: '有未保存的修改，确定要离开吗？',
  'notifications.success': '成功',
  'notifications.error': '错误 (状态码: {{statusCode}})',
  'notifications.undoable': '你有 {{seconds}} 秒可以撤销',
  'notifications.createSuccess': '{{resource}}已创建',
  'notifications.createError': '创建{{resource}}失败',
  'notifications.deleteSuccess': '{{resource}}已删除',
  'notifications.deleteError': '删除{{resource}}失败',
  'notifications.editSuccess': '{{resource}}已保存',
  'notifications.editError': '保存{{resource}}失败',
  'actions.list': '列表',
  'actions.create': '新建',
  'actions.edit': '编辑',
  'actions.show': '详情',
  'table.actions': '操作',
  loading: '加载中',
};

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    // Refine also calls translate(key, defaultMessage): the second argument is then the fallback text.
    const fallback = defaultMessage ?? (typeof options === 'string' ? options : undefined);
    let text = texts[key] ?? fallback ?? key;
    if (options && typeof options === 'object') {
      for (const [k, v] of Object.entries(options as Record<string, unknown>)) text = text.replace(`{{${k}}}`, String(v));
    }
    return text;
  },
  changeLocale: async () => undefined,
  getLocale: () => 'zh-CN',
};
