import { createProviderController } from '../../integrations/core/provider-controller.factory';
import { NotificationResource } from './notification.resource';
import { NotificationService } from './notification.service';

export const NotificationController = createProviderController({
  path: 'notification',
  tag: 'Notification',
  resource: NotificationResource,
  service: NotificationService,
});
