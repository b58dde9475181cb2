ALTER TABLE `bio_core` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `bio_core` ADD `unpublishAt` text;--> statement-breakpoint
ALTER TABLE `hero_section` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `hero_section` ADD `unpublishAt` text;--> statement-breakpoint
ALTER TABLE `our_impact` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `our_impact` ADD `unpublishAt` text;--> statement-breakpoint
ALTER TABLE `our_work` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `our_work` ADD `unpublishAt` text;--> statement-breakpoint
ALTER TABLE `vision` ADD `publishAt` text;--> statement-breakpoint
ALTER TABLE `vision` ADD `unpublishAt` text;