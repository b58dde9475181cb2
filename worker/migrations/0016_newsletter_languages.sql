ALTER TABLE `newsletter_delivery` ADD `language` text DEFAULT 'id' NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_issue` ADD `translations` text DEFAULT '{}' NOT NULL;