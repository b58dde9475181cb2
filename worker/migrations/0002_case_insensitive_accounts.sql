DROP INDEX `user_username_unique`;--> statement-breakpoint
DROP INDEX `user_email_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `user_username_unique` ON `user` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `user_email_unique` ON `user` (lower("email"));