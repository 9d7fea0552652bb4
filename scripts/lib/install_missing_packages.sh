# shellcheck shell=bash
# Sourced by scripts/setup.sh and scripts/fuzz.sh: install_missing_packages TAG PACKAGE... installs with apt-get only
# the Debian packages that are not installed yet (with sudo when not root), announcing them as "TAG: installing ...".
install_missing_packages() {
  local tag=$1
  shift
  local missing=() package
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  ((${#missing[@]})) || return 0
  echo "$tag: installing ${missing[*]}"
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}
