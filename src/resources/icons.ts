import {
  AccountBookOutlined, ApiOutlined, AuditOutlined, AppstoreOutlined, ClusterOutlined, DollarOutlined, EditOutlined, HistoryOutlined,
  InboxOutlined, MailOutlined, MessageOutlined, MobileOutlined, NotificationOutlined, OrderedListOutlined,
  PercentageOutlined, PhoneOutlined, ProfileOutlined, RedoOutlined, SettingOutlined, ShopOutlined, SwapOutlined,
  TeamOutlined, UserOutlined, WalletOutlined,
} from '@ant-design/icons';

/**
 * The icons the declaration may name (menu items and sections), registered by the console
 * (src/app/icons.ts): the bundle carries these and not the whole icon set. The keys are the names the
 * declaration is checked against (./declare.ts).
 */
export const icons = {
  AccountBookOutlined, ApiOutlined, AuditOutlined, AppstoreOutlined, ClusterOutlined, DollarOutlined, EditOutlined, HistoryOutlined,
  InboxOutlined, MailOutlined, MessageOutlined, MobileOutlined, NotificationOutlined, OrderedListOutlined,
  PercentageOutlined, PhoneOutlined, ProfileOutlined, RedoOutlined, SettingOutlined, ShopOutlined, SwapOutlined,
  TeamOutlined, UserOutlined, WalletOutlined,
};
