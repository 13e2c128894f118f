#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# cover_letter.py FILE
#
# Print the branch description that reproduces the cover letter FILE:
# its subject (without "[PATCH 0/N]"), a blank line, and its text up to
# the shortlog that git format-patch adds.  Prints a placeholder when
# FILE does not exist yet.

import email
import email.policy
import re
import sys

try:
    with open(sys.argv[1], "rb") as f:
        msg = email.message_from_binary_file(f, policy=email.policy.default)
except FileNotFoundError:
    print("*** SUBJECT HERE ***\n\n*** BLURB HERE ***")
    sys.exit(0)

subject = re.sub(r"^\[[^]]*\]\s*", "", " ".join(str(msg["Subject"]).split()))
body = []
for line in msg.get_content().splitlines():
    # git's shortlog starts with "Author Name (N):"
    if re.match(r"^\S.* \(\d+\):$", line):
        break
    body.append(line)
print(subject + "\n\n" + "\n".join(body).strip("\n"))
