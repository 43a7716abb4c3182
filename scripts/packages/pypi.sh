#!/usr/bin/env bash
# Makes the project's virtualenv (.venv) hold the PyPI packages of scripts/requirements.txt, their one
# declaration: creates it when missing and installs again whenever the list changed. Run by
# scripts/setup.sh and by the store scripts (scripts/stores/lib.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ ! -f .venv/.installed ] || [ scripts/requirements.txt -nt .venv/.installed ]; then
  printf '\033[1m[setup]\033[0m %s\n' "installing Python packages into .venv" >&2
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r scripts/requirements.txt
  touch .venv/.installed
fi
