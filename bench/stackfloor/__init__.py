"""The stack ceiling's app: a minimal Django + Channels project built only from the site's mandated stack.

No game, no database, no rendering: a move is a Redis INCR and a group_send, a websocket frame a fixed
~2 KB string. ``bench/server.py`` serves it with Daphne (the site's flags) and ``bench/_stackfloor_load.py``
drives it with the same 100 tables x 4 websockets as the site.
"""
