import {
  AccountBookOutlined, ApiOutlined, AppstoreOutlined, ClusterOutlined, EditOutlined, HistoryOutlined,
  MailOutlined, MessageOutlined, NotificationOutlined, OrderedListOutlined, PercentageOutlined, PhoneOutlined,
  ProfileOutlined, RedoOutlined, SettingOutlined, ShopOutlined, TeamOutlined, UserOutlined, WalletOutlined,
} from '@ant-design/icons';
import { DollarOutlined, SwapOutlined } from '@ant-design/icons';
import { InboxOutlined, MobileOutlined } from '@ant-design/icons';
import { registerIcons } from '../framework/icons';

/** Every icon named in resources.config.ts. */
registerIcons({
  AccountBookOutlined, ApiOutlined, AppstoreOutlined, ClusterOutlined, EditOutlined, HistoryOutlined,
  MailOutlined, MessageOutlined, NotificationOutlined, OrderedListOutlined, PercentageOutlined, PhoneOutlined,
  ProfileOutlined, RedoOutlined, SettingOutlined, ShopOutlined, TeamOutlined, UserOutlined, WalletOutlined,
});
registerIcons({ DollarOutlined, SwapOutlined });
registerIcons({ InboxOutlined, MobileOutlined });
