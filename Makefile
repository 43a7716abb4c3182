# The two commands of the README, plus helpers for development.
.PHONY: run test build bench bench-scale bench-mediawiki-million setup dist

run:     ## set up, build, and serve the example wiki on http://127.0.0.1:8484
	./scripts/run.sh

test:    ## set up, build, and run every test
	./scripts/test.sh

build:
	./scripts/setup.sh && ./scripts/build.sh

bench:   ## print performance figures (see docs/benchmarks.md)
	./scripts/bench.sh

bench-scale:   ## import 10,000,000 Subjects once, then lists, HTTP and the dump on them (about an hour, 25 GB)
	./scripts/bench-scale.sh

bench-mediawiki-million:   ## a MariaDB MediaWiki with 1,000,000 imported Subjects, then every list over HTTP (about 30 minutes, 5 GB)
	./scripts/bench/mediawiki-million.sh

setup:
	./scripts/setup.sh

dist:    ## build, then write the release archive dist/Strata-<version>.tar.gz (docs/mediawiki.md)
	./scripts/setup.sh && ./scripts/build.sh && ./scripts/dist.sh
