ALTER TABLE `translation` ADD `publishAt` text;--> statement-breakpoint
CREATE INDEX `translation_publish_at` ON `translation` (`publishAt`);