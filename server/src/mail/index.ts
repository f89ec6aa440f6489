// The mail module's public face: other modules queue mail through these and nothing else.
export { enqueueMail, type OutgoingMail } from './outbox.ts';
export { mailSettings, type MailSettings } from './mail-settings.ts';
export { renderAuthMail, type AuthMailKind, type AuthMailData } from './auth-templates.ts';
export { TemplateError } from './go-template.ts';
export { mailModule } from './mail-module.ts';
export { mailApiModule } from './send-route.ts';
export { enqueueSms, smsGateway, type SmsGateway } from './sms-outbox.ts';
export { renderNotificationMail, type NotificationData } from './auth-notifications.ts';
