ALTER TABLE `bio_core` ADD `language` text DEFAULT 'id' NOT NULL;--> statement-breakpoint
ALTER TABLE `our_impact` ADD `language` text DEFAULT 'id' NOT NULL;--> statement-breakpoint
ALTER TABLE `our_work` ADD `language` text DEFAULT 'id' NOT NULL;--> statement-breakpoint
ALTER TABLE `vision` ADD `language` text DEFAULT 'id' NOT NULL;