#!/usr/bin/env python3
"""Scripted students for evaluation runs on a GPU machine: an OpenAI-compatible chat server on
127.0.0.1 (streamed answers, usage in the last chunk) that answers instantly, by model name:

  good-student     always the task's reference kernel
  skilled-student  the reference kernel when the skill's marker is in the prompt, else a kernel
                   that does not compile
  broken-student   always a kernel that does not compile

The task is found by the entry point its prompt names ("void kwb_x("), from the task files.
  scripted_students.py TASK_DIR PORT_FILE MARKER
writes the port it listens on to PORT_FILE, then serves until killed."""
import http.server
import json
import pathlib
import re
import socketserver
import sys

task_dir = pathlib.Path(sys.argv[1])
port_file = pathlib.Path(sys.argv[2])
marker = sys.argv[3]

entries = {}  # entry name -> reference source
for toml in sorted(task_dir.glob("*.toml")):
    text = toml.read_text()
    m = re.search(r'^\[entry\]\s*\nname\s*=\s*"([^"]+)"', text, re.M)
    r = re.search(r'^kernel\s*=\s*"([^"]+)"', text, re.M)
    if m and r:
        entries[m.group(1)] = (toml.parent / r.group(1)).read_text()


def answer(body):
    prompt = json.dumps(body.get("messages", []))
    source = None
    for entry, src in entries.items():
        if "void " + entry + "(" in prompt:
            source = src
            break
    if source is None:
        source = "int no_task_found;\n"
    model = body.get("model", "")
    good = model == "good-student" or (model == "skilled-student" and marker in prompt)
    if not good:
        source += "\nint kwb_scripted_broken = undefined_symbol_in_answer;\n"
    return "Here is the kernel.\n\n```cuda\n" + source + "```\n"


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}")
        text = answer(body)

        def chunk(delta, finish, usage=None):
            c = {"id": "chatcmpl-scripted", "object": "chat.completion.chunk", "model": body.get("model"),
                 "choices": [] if usage else [{"index": 0, "delta": delta, "finish_reason": finish}]}
            if usage:
                c["usage"] = usage
            return "data: " + json.dumps(c) + "\n\n"

        out = (chunk({"content": text}, None) + chunk({}, "stop") +
               chunk(None, None, {"prompt_tokens": 900, "completion_tokens": 300, "total_tokens": 1200}) +
               "data: [DONE]\n\n").encode()
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("content-length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


srv = Server(("127.0.0.1", 0), Handler)
port_file.write_text(str(srv.server_address[1]))
srv.serve_forever()
