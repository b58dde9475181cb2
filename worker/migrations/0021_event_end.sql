-- An event may end at a time of its own: it stays among the upcoming ones until then.
ALTER TABLE `agenda` ADD `endsAt` text;
