"""Battlestar Galactica tests."""
