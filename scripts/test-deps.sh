#!/usr/bin/env bash
# Installs the system packages the tests need when they are missing: Debian's
# PostgreSQL server (for the PostgreSQL pass of the server suite), Chromium
# (for the Playwright end-to-end tests) and zbar-tools (zbarimg reads printed labels back in
# the label e2e test and benchmark) with zint (reference barcodes), and nginx, curl and openssl
# for the cluster test (npm run test:cluster starts scripts/cluster.sh), and native tesseract
# (tesseract-ocr, tesseract-ocr-eng: the OCR engine OCR_ENGINE=auto picks where it is installed, so
# the OCR tests read with it; tests/server/extraction-ocr.test.ts checks it is there). Needs root (apt-get);
# otherwise it says what to run.
set -euo pipefail
missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
command -v zint >/dev/null 2>&1 || missing+=(zint)
command -v nginx >/dev/null 2>&1 || missing+=(nginx)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
[ -n "$(ls /usr/share/tesseract-ocr/*/tessdata/eng.traineddata 2>/dev/null)" ] || missing+=(tesseract-ocr-eng)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "The tests need these Debian packages: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing test dependencies: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# No service starts while installing (nginx's package would start one on port 80): the tests
# start their own processes. The usual policy-rc.d of containers, removed afterwards.
policy=/usr/sbin/policy-rc.d
own_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && own_policy=1
fi
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
if [ "$own_policy" = 1 ]; then rm -f "$policy"; fi
